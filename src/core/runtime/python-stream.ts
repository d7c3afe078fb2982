/** Output beyond this is dropped, with a note, and the script is stopped, so a print loop cannot exhaust memory. */
export const MAX_STREAM_CHARS = 1024 * 1024;

/** Collects decoded output up to a cap. */
export class StreamCapture {
  private readonly decoder = new TextDecoder('utf-8');
  private text = '';
  private dropped = 0;

  /** True once more than MAX_STREAM_CHARS were written. */
  get full(): boolean {
    return this.dropped > 0;
  }

  write = (buffer: Uint8Array): number => {
    const chunk = this.decoder.decode(buffer, { stream: true });
    const room = MAX_STREAM_CHARS - this.text.length;
    if (room >= chunk.length) this.text += chunk;
    else {
      this.text += chunk.slice(0, Math.max(0, room));
      this.dropped += chunk.length - Math.max(0, room);
    }
    return buffer.length;
  };

  finish(): string {
    this.text += this.decoder.decode();
    return this.dropped > 0 ? `${this.text}\n[output truncated: ${this.dropped} more characters]\n` : this.text;
  }
}
