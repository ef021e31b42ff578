/** A one-line progress bar on standard error, only on a terminal and only for long runs. */
export class ProgressBar {
  private done = 0;
  private lastDraw = 0;

  constructor(
    private readonly total: number,
    private readonly write: ((s: string) => void) | undefined,
  ) {}

  tick(): void {
    this.done++;
    const now = Date.now();
    if (!this.write || (now - this.lastDraw < 100 && this.done < this.total)) return;
    this.lastDraw = now;
    const width = 30;
    const filled = Math.round((width * this.done) / this.total);
    this.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${this.done}/${this.total} files`);
  }

  clear(): void {
    if (this.write && this.lastDraw) this.write('\r\x1b[K');
  }
}
