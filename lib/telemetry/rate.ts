// Messages a device may send: a token bucket per device, `perSecond` on average with bursts of
// ten seconds' worth (a Pro 3EM's NotifyFullStatus after a reconnect comes with a few more). A
// flood from one device is dropped here, before any parsing, and costs the others nothing.

export class DeviceRateLimit {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();
  constructor(
    private readonly perSecond: number,
    private readonly burstSeconds = 10,
  ) {}

  /** True when the device may send one more message now. */
  take(deviceId: number, now: number): boolean {
    const cap = this.perSecond * this.burstSeconds;
    const b = this.buckets.get(deviceId) ?? { tokens: cap, at: now };
    b.tokens = Math.min(cap, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    const ok = b.tokens >= 1;
    if (ok) b.tokens -= 1;
    this.buckets.set(deviceId, b);
    return ok;
  }
}
