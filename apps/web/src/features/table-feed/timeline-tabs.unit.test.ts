import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import { describe, expect, it } from "vitest";
import { timelineCount, timelineItems } from "./timeline-tabs.ts";

const item = (id: string, status: TableFeedItem["status"], paymentStatus: TableFeedItem["paymentStatus"], quantity = 1) =>
  ({ id, status, paymentStatus, quantity, timestamp: `2026-01-01T12:0${id}:00Z` }) as unknown as TableFeedItem;

describe("the table page's tabs", () => {
  // Two live salads, one cancelled beer still flagged SENT (the kitchen status a cancelled piece keeps).
  const items = [item("1", "SENT", "UNPAID", 2), item("2", "SENT", "CANCELLED"), item("3", "COMPLETE", "PAID")];

  it("counts no cancelled piece, in All or in its old status", () => {
    expect(timelineCount(items, "ALL")).toBe(3);
    expect(timelineCount(items, "SENT")).toBe(2);
    expect(timelineCount(items, "COMPLETE")).toBe(1);
  });

  it("lists a cancelled piece under All only, newest first", () => {
    expect(timelineItems(items, "ALL").map((i) => i.id)).toEqual(["3", "2", "1"]);
    expect(timelineItems(items, "SENT").map((i) => i.id)).toEqual(["1"]);
  });
});
