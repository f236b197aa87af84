/**
 * Frames in a row without a code after which the code in view counts as taken away: 1.5 s at the
 * camera's eight frames a second. Counted in frames, not time, so a moment the page could not scan
 * (a busy phone) is no evidence that the ticket left.
 */
export const FRAMES_TAKEN_AWAY = 12;

/**
 * Which of the camera's reads are new scans. A ticket held up to the camera is one scan however
 * long it stays there, so the answer on screen (or one staff typed meanwhile) is not replaced by
 * the same ticket read again; taken away and shown again, it is a new scan (a second try with a
 * used ticket is refused, naming when it got in); another code is always a new scan.
 */
export class ScanGate {
  private code = '';
  private framesWithout = Number.POSITIVE_INFINITY;

  /** What one scanned frame held: a code, or null for none. True when it is a new scan. */
  frame(code: string | null): boolean {
    if (code === null) {
      this.framesWithout++;
      return false;
    }
    const isNew = code !== this.code || this.framesWithout >= FRAMES_TAKEN_AWAY;
    this.code = code;
    this.framesWithout = 0;
    return isNew;
  }
}
