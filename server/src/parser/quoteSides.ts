/**
 * Straight quotes (`"`, `'`) do not say whether they open or close; EWT's XPOS does, at run time we decide from the
 * spacing around the mark and, failing that, by alternation.
 */
export interface QuoteContext {
  /** Whether the mark touches the token before / after it (no space between). */
  attachedBefore: boolean;
  attachedAfter: boolean;
  /** Whether any token precedes / follows it in the sentence. */
  first: boolean;
  last: boolean;
}

export class QuotePairer {
  private openDouble = false;
  private openSingle = false;

  side(form: string, ctx: QuoteContext): 'open' | 'close' | undefined {
    if (form !== '"' && form !== "'") return undefined;
    const double = form === '"';
    const isOpen = double ? this.openDouble : this.openSingle;
    let side: 'open' | 'close';
    if (ctx.attachedAfter && !ctx.attachedBefore) side = 'open';
    else if (ctx.attachedBefore && !ctx.attachedAfter) side = 'close';
    else if (ctx.last) side = 'close';
    else if (ctx.first) side = 'open';
    else side = isOpen ? 'close' : 'open';
    if (double) this.openDouble = side === 'open';
    else this.openSingle = side === 'open';
    return side;
  }
}
