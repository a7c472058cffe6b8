import type { WaiterFeedItem, WaiterFeedMessage } from "@tableorder/domain/contracts/waiter";
import { guestIsWaiting } from "@tableorder/domain/task-urgency";
import { useSyncExternalStore } from "react";
import { ringBell } from "../../lib/bell.ts";
import { storedValue } from "../../lib/stored-value.ts";
import { sortTasks } from "./apply-waiter-message.ts";

/**
 * The tasks of a push that are new to this feed and ring: a guest waiting on the waiter in person
 * (guestIsWaiting: a call, or a request to pay through the waiter) rings the bell (spec 2 §9's
 * bell.wav) and vibrates; a pickup or a dish to serve is the kitchen's pace and shows on the feed
 * without a sound. Before the feed's first answer nothing is new (the whole list would ring at
 * once); a task the feed already holds never rings again.
 */
export function tasksThatRing(feed: readonly WaiterFeedItem[] | undefined, message: WaiterFeedMessage): WaiterFeedItem[] {
  if (!feed) return [];
  const known = new Set(feed.map((task) => task.id));
  return message.items.filter((task) => !known.has(task.id) && guestIsWaiting(task.type));
}

/** Short, long enough to feel in an apron pocket, unlike a single tap. */
export const ARRIVAL_VIBRATION = [200, 100, 200];

/** The waiter's "Ήχος ειδοποιήσεων" setting; on unless turned off. Vibration stays either way. */
export const notificationSound = storedValue<boolean>("local", "waiterNotificationSound", (raw) => raw !== "false", String);

/** The task the feed brings into view next time it is on screen (a waiter elsewhere sees it on return). */
let taskToReveal: number | null = null;
const revealListeners = new Set<() => void>();
function setTaskToReveal(id: number | null): void {
  taskToReveal = id;
  for (const listener of revealListeners) listener();
}
function subscribeTaskToReveal(listener: () => void): () => void {
  revealListeners.add(listener);
  return () => revealListeners.delete(listener);
}

export function useTaskToReveal(): number | null {
  return useSyncExternalStore(
    subscribeTaskToReveal,
    () => taskToReveal,
    () => null,
  );
}

/** The feed showed it (or it is gone): nothing waits to be brought into view. */
export function clearTaskToReveal(): void {
  setTaskToReveal(null);
}

/** New tasks that ring arrived: the bell (unless muted), a vibration, and the first of them on the feed brought into view. */
export function announceArrivals(tasks: readonly WaiterFeedItem[]): void {
  if (tasks.length === 0) return;
  if (notificationSound.get()) void ringBell();
  // Not every browser vibrates (Safari on iPhone does not); where it does, a refusal is silent.
  if (typeof navigator.vibrate === "function") navigator.vibrate(ARRIVAL_VIBRATION);
  setTaskToReveal(sortTasks(tasks)[0].id);
}
