/** Spec 2 §9: the bell sound file, which the kitchen and the waiter both ring. */
export const BELL_URL = "/bell.wav";

let bell: HTMLAudioElement | null = null;

/** The one bell of the page, loaded ahead so the first ring is not late. */
export function bellAudio(): HTMLAudioElement | null {
  if (typeof Audio === "undefined") return null;
  if (!bell) {
    bell = new Audio(BELL_URL);
    bell.preload = "auto";
  }
  return bell;
}

/**
 * Plays the bell; resolves false when the browser refuses (no user gesture yet, as after a reload),
 * never throws.
 */
export async function ringBell(): Promise<boolean> {
  const audio = bellAudio();
  if (!audio) return false;
  try {
    audio.currentTime = 0;
    await audio.play();
    return true;
  } catch (error) {
    return !(error instanceof DOMException && error.name === "NotAllowedError");
  }
}
