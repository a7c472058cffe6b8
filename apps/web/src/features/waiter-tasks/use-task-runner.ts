import type { WaiterFeedItem } from "@tableorder/domain/contracts/waiter";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { toast } from "../../components/toasts.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { completeRequest, nextStatus, waiterFeedQueryKey } from "./api/waiter-api.ts";
import { type TaskAction, taskOrderProductIds } from "./apply-waiter-message.ts";
import { lastDelivered } from "./undo-batch.ts";

/**
 * Runs a card's action, one task at a time (spec 2 §2.4): while one updates the others are
 * disabled, and a second tap — even before React re-renders — never sends twice.
 */
export function useTaskRunner(): {
  busyId: number | null;
  run: (task: WaiterFeedItem, action: TaskAction, onDone?: () => void) => void;
} {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const running = useRef(false);
  const [busyId, setBusyId] = useState<number | null>(null);

  const run = (task: WaiterFeedItem, action: TaskAction, onDone?: () => void) => {
    if (running.current || action === "open") return;
    running.current = true;
    setBusyId(task.id);
    // Done from a task's own screen, the toast tells the feed it returns to.
    const arrival = { arrival: onDone !== undefined };
    const work = async () => {
      if (action === "deliver") {
        const ids = taskOrderProductIds(task);
        await nextStatus(ids);
        lastDelivered.set(ids);
        toast.success(t("waiter.delivered"), arrival);
      } else {
        await completeRequest(task.requestId);
        toast.success(t(action === "check" ? "waiter.checked" : "waiter.served"), arrival);
      }
      queryClient.setQueryData<WaiterFeedItem[]>(waiterFeedQueryKey, (feed) => feed?.filter((item) => item.id !== task.id));
      onDone?.();
    };
    work()
      .catch((error: unknown) => {
        // Another waiter was first (the API client already said so): the task is gone.
        if (error instanceof ApiError && error.key === "request_already_handled") {
          queryClient.setQueryData<WaiterFeedItem[]>(waiterFeedQueryKey, (feed) => feed?.filter((item) => item.id !== task.id));
        }
      })
      .finally(() => {
        running.current = false;
        setBusyId(null);
        void queryClient.invalidateQueries({ queryKey: waiterFeedQueryKey });
      });
  };
  return { busyId, run };
}
