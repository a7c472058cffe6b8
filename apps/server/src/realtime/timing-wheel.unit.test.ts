import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TimingWheel, type WheelEntry } from "./timing-wheel.ts";

interface Timer extends WheelEntry {
  name: string;
}

const timer = (name: string): Timer => ({ name, wheelSlot: -1, wheelIndex: -1, wheelTick: 0 });
const names = (entries: Timer[]) => entries.map((e) => e.name).sort();

describe("TimingWheel", () => {
  it("hands an entry out at the first tick at or after its time, once", () => {
    const wheel = new TimingWheel<Timer>({ tickMs: 20, slots: 8, now: 1000 });
    const a = timer("a");
    const b = timer("b");
    wheel.schedule(a, 1040);
    wheel.schedule(b, 1041);
    expect(wheel.size).toBe(2);
    expect(wheel.advance(1039)).toEqual([]);
    expect(names(wheel.advance(1040))).toEqual(["a"]);
    // 1041 rounds up to the tick at 1060.
    expect(wheel.advance(1059)).toEqual([]);
    expect(names(wheel.advance(1060))).toEqual(["b"]);
    expect(wheel.advance(5000)).toEqual([]);
    expect(wheel.size).toBe(0);
    expect(a.wheelSlot).toBe(-1);
  });

  it("keeps entries further ahead than one turn until their own turn", () => {
    const wheel = new TimingWheel<Timer>({ tickMs: 10, slots: 4, now: 0 });
    const far = timer("far");
    wheel.schedule(far, 130); // tick 13: slot 1, three turns ahead
    for (let now = 10; now < 130; now += 10) expect(wheel.advance(now)).toEqual([]);
    expect(names(wheel.advance(130))).toEqual(["far"]);
  });

  it("makes a time already past due at the next advance", () => {
    const wheel = new TimingWheel<Timer>({ tickMs: 20, now: 1000 });
    wheel.advance(1100);
    const late = timer("late");
    wheel.schedule(late, 900);
    expect(wheel.advance(1100)).toEqual([]);
    expect(names(wheel.advance(1120))).toEqual(["late"]);
  });

  it("moves a rescheduled entry and forgets a cancelled one", () => {
    const wheel = new TimingWheel<Timer>({ tickMs: 10, slots: 16, now: 0 });
    const [a, b, c] = [timer("a"), timer("b"), timer("c")];
    wheel.schedule(a, 50);
    wheel.schedule(b, 50);
    wheel.schedule(c, 50);
    wheel.schedule(a, 80);
    wheel.cancel(b);
    wheel.cancel(b);
    expect(wheel.size).toBe(2);
    expect(names(wheel.advance(50))).toEqual(["c"]);
    expect(names(wheel.advance(80))).toEqual(["a"]);
  });

  it("visits every slot once after a gap longer than a turn", () => {
    const wheel = new TimingWheel<Timer>({ tickMs: 10, slots: 4, now: 0 });
    const entries = [15, 25, 35, 45, 55, 1000].map((at) => {
      const entry = timer(String(at));
      wheel.schedule(entry, at);
      return entry;
    });
    expect(names(wheel.advance(500))).toEqual(["15", "25", "35", "45", "55"]);
    expect(entries[5].wheelSlot).toBeGreaterThanOrEqual(0);
    expect(names(wheel.advance(1000))).toEqual(["1000"]);
  });

  it("rounds the slots up to a power of two and refuses a tick of 0", () => {
    const wheel = new TimingWheel<Timer>({ tickMs: 1, slots: 3, now: 0 });
    const entry = timer("x");
    wheel.schedule(entry, 4); // slot 0 of 4
    expect(entry.wheelSlot).toBe(0);
    expect(() => new TimingWheel<Timer>({ tickMs: 0, now: 0 })).toThrow(RangeError);
  });

  it("hands every entry out exactly once, no earlier than its time and less than a tick after", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.integer({ min: 0, max: 3000 }),
            cancel: fc.boolean(),
            moveTo: fc.option(fc.integer({ min: 0, max: 3000 })),
          }),
          {
            maxLength: 60,
          },
        ),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 40 }),
        (plans, steps) => {
          const tickMs = 20;
          const wheel = new TimingWheel<Timer>({ tickMs, slots: 16, now: 0 });
          const entries = plans.map((plan, i) => {
            const entry = timer(String(i));
            wheel.schedule(entry, plan.at);
            return entry;
          });
          const expected = new Map<string, number>();
          plans.forEach((plan, i) => {
            if (plan.moveTo !== null) wheel.schedule(entries[i], plan.moveTo);
            if (plan.cancel) wheel.cancel(entries[i]);
            // The wheel starts at 0 with tick 0 visited, so a time within it is due at the next tick.
            else expected.set(String(i), Math.max(plan.moveTo ?? plan.at, tickMs));
          });
          const seen = new Set<string>();
          let now = 0;
          for (const step of [...steps, 4000]) {
            now += step;
            for (const entry of wheel.advance(now)) {
              expect(seen.has(entry.name)).toBe(false);
              seen.add(entry.name);
              const at = expected.get(entry.name);
              expect(at).toBeDefined();
              // Due at or before now, and not missed at an earlier advance.
              expect(at as number).toBeLessThanOrEqual(now);
            }
            for (const [name, at] of expected) if (!seen.has(name)) expect(at).toBeGreaterThan(Math.floor(now / tickMs) * tickMs);
          }
          expect(seen.size).toBe(expected.size);
          expect(wheel.size).toBe(0);
        },
      ),
    );
  });
});
