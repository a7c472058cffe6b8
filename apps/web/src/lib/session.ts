import { useSyncExternalStore } from "react";

/** Where the bearer token lives (spec 1 §7): localStorage with remember-me, else sessionStorage. */
export const TOKEN_KEY = "authenticationToken";

type Listener = () => void;
const listeners = new Set<Listener>();
let endReason: string | null = null;

function read(storage: () => Storage): string | null {
  try {
    return storage().getItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private modes, blocked cookies): behave as signed out.
    return null;
  }
}

function write(action: () => void): void {
  try {
    action();
  } catch {
    /* see read() */
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return read(() => localStorage) ?? read(() => sessionStorage);
}

/** Stores a fresh token; any older one (guest or staff) is replaced, one session per browser. */
export function setToken(token: string, remember: boolean): void {
  write(() => localStorage.removeItem(TOKEN_KEY));
  write(() => sessionStorage.removeItem(TOKEN_KEY));
  write(() => (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token));
  endReason = null;
  emit();
}

/**
 * Ends the session. The reason (an i18n key such as 'login.error.unauthorized') is kept so the
 * next sign-in screen can say why it appeared; it is only kept when a session really ended.
 */
export function clearSession(reason: string | null = null): void {
  const hadToken = getToken() !== null;
  write(() => localStorage.removeItem(TOKEN_KEY));
  write(() => sessionStorage.removeItem(TOKEN_KEY));
  if (hadToken) {
    endReason = reason;
    emit();
  }
}

export function getSessionEndReason(): string | null {
  return endReason;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes the shared localStorage token.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === TOKEN_KEY || event.key === null) emit();
  });
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, () => null);
}
