/**
 * Where the wheel keeps an entry: written only by the wheel, read by nobody else. The fields live on
 * the entry itself (no Map from entry to place), so holding tens of thousands costs a few bytes each.
 */
export interface WheelEntry {
  /** Index of the slot holding the entry, -1 while it is not scheduled. */
  wheelSlot: number;
  /** Position in that slot's array. */
  wheelIndex: number;
  /** The tick (time / tickMs, rounded up) the entry is due at. */
  wheelTick: number;
}

export interface TimingWheelOptions {
  /** Granularity: an entry fires at the first tick at or after its time, so at most this late after advance(). */
  tickMs: number;
  /** Slots in the wheel (rounded up to a power of two); entries further than slots × tickMs ahead wait whole turns. */
  slots?: number;
  /** The time the wheel starts at; nothing before it is a tick to visit. */
  now: number;
}

/**
 * A hashed timing wheel without timers of its own: the caller says what time it is with advance()
 * and gets the entries that became due, so one interval timer can keep tens of thousands of
 * deadlines (the STOMP hub's heart-beats and timeouts) while visiting only the entries that are due,
 * instead of every entry on every sweep. Scheduling, moving and cancelling an entry cost O(1).
 *
 * Times are whatever clock the caller uses (milliseconds), which must not go backwards: after a
 * jump back the wheel waits until time passes the last tick it visited.
 */
export class TimingWheel<T extends WheelEntry> {
  private readonly tickMs: number;
  private readonly mask: number;
  private readonly slots: T[][];
  /** The last tick visited: every entry due at or before it has been handed out. */
  private cursor: number;
  private count = 0;

  constructor(options: TimingWheelOptions) {
    if (!(options.tickMs > 0)) throw new RangeError("tickMs must be positive");
    this.tickMs = options.tickMs;
    let size = 1;
    while (size < (options.slots ?? 1024)) size *= 2;
    this.mask = size - 1;
    this.slots = Array.from({ length: size }, () => []);
    this.cursor = Math.floor(options.now / this.tickMs);
  }

  /** Entries scheduled and not yet handed out or cancelled. */
  get size(): number {
    return this.count;
  }

  /**
   * Schedules an entry at a time (moving it if it was already scheduled). A time at or before the
   * last tick visited is due at the tick after it, handed out by the first advance() that reaches it.
   */
  schedule(entry: T, at: number): void {
    if (entry.wheelSlot >= 0) this.remove(entry);
    const tick = Math.max(Math.ceil(at / this.tickMs), this.cursor + 1);
    const slot = tick & this.mask;
    const entries = this.slots[slot];
    entry.wheelSlot = slot;
    entry.wheelIndex = entries.length;
    entry.wheelTick = tick;
    entries.push(entry);
    this.count++;
  }

  /** Takes an entry out of the wheel; nothing happens if it is not in it. */
  cancel(entry: T): void {
    if (entry.wheelSlot >= 0) this.remove(entry);
  }

  /**
   * Visits the ticks from the last one visited up to `now` and returns the entries due by then, taken
   * out of the wheel (the caller schedules again what must come back). After a long gap every slot
   * is visited once, not once per tick missed.
   */
  advance(now: number): T[] {
    const due: T[] = [];
    const last = Math.floor(now / this.tickMs);
    if (last <= this.cursor) return due;
    const from = Math.max(this.cursor + 1, last - this.mask);
    for (let tick = from; tick <= last; tick++) {
      const entries = this.slots[tick & this.mask];
      // Backwards, so the entry swapped into a freed place has already been looked at.
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i];
        if (entry.wheelTick > last) continue; // due on a later turn of the wheel
        this.remove(entry);
        due.push(entry);
      }
    }
    this.cursor = last;
    return due;
  }

  private remove(entry: T): void {
    const entries = this.slots[entry.wheelSlot];
    const moved = entries.pop() as T;
    if (moved !== entry) {
      entries[entry.wheelIndex] = moved;
      moved.wheelIndex = entry.wheelIndex;
    }
    entry.wheelSlot = -1;
    entry.wheelIndex = -1;
    this.count--;
  }
}
