import { useSyncExternalStore } from "react";

export interface StoredValue<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

type StorageKind = "local" | "session";

function storageOf(kind: StorageKind): Storage | null {
  try {
    return kind === "local" ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}

const cache = new Map<string, StoredValue<unknown>>();

/**
 * A value kept in localStorage or sessionStorage that screens can watch. Storage can be
 * unavailable or full (private modes, a kiosk profile): the value then lives in memory only, and
 * nothing throws. One instance per key, so every screen sees the same value.
 */
export function storedValue<T>(
  kind: StorageKind,
  key: string,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string = JSON.stringify,
): StoredValue<T> {
  const id = `${kind}:${key}`;
  const existing = cache.get(id);
  if (existing) return existing as StoredValue<T>;
  const listeners = new Set<() => void>();
  let value = parse(storageOf(kind)?.getItem(key) ?? null);
  const stored: StoredValue<T> = {
    get: () => value,
    set(next) {
      value = typeof next === "function" ? (next as (current: T) => T)(value) : next;
      try {
        storageOf(kind)?.setItem(key, serialize(value));
      } catch {
        /* kept in memory */
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  cache.set(id, stored as StoredValue<unknown>);
  return stored;
}

export function useStoredValue<T>(stored: StoredValue<T>): T {
  return useSyncExternalStore(stored.subscribe, stored.get, stored.get);
}
