/**
 * embed.js: the `<tool-playground>` element. One script tag on any page; each element renders the embed page
 * in an iframe once it comes near the viewport, sizes the frame to what the embed reports, and relays the
 * embed's messages as DOM events. Kept free of React and of the app so it stays a few kilobytes.
 */
import { isJsonObject } from '../../../core/json/is-json-object';
import {
  EMBED_MESSAGE_SOURCE,
  embedUrl,
  isEmbedMessage,
  type EmbedMessage,
  type EmbedTheme,
  type EmbedView,
  type HostMessage,
} from './protocol';

// embed.js is served from the site's root; under the dev server this module is not, so the root is the server's.
const SITE_ROOT = new URL(import.meta.env.DEV ? '/' : './', import.meta.url);
const LOAD_MARGIN = '400px';
const INITIAL_HEIGHT = 320;

// 64 random bits: unique among the embeds of a page without a counter (getRandomValues works on plain-http hosts too).
const newId = (): string =>
  `tp-${[...crypto.getRandomValues(new Uint8Array(8))].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;

export class ToolPlaygroundElement extends HTMLElement {
  static observedAttributes = ['toolset', 'tool', 'view', 'arguments', 'theme', 'height'];

  private frame: HTMLIFrameElement | null = null;
  private observer: IntersectionObserver | null = null;
  private ready = false;
  private queue: HostMessage[] = [];
  private embedId = newId();
  private readonly onMessage = (event: MessageEvent) => this.receive(event);

  connectedCallback(): void {
    if (!this.style.display) this.style.display = 'block';
    window.addEventListener('message', this.onMessage);
    if (this.frame) return;
    if (typeof IntersectionObserver !== 'function') {
      this.load();
      return;
    }
    this.observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.load();
      },
      { rootMargin: LOAD_MARGIN },
    );
    this.observer.observe(this);
  }

  disconnectedCallback(): void {
    window.removeEventListener('message', this.onMessage);
    this.observer?.disconnect();
    this.observer = null;
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (!this.frame || previous === value) return;
    if (name === 'theme') this.setTheme((value ?? 'auto') as EmbedTheme);
    else if (name === 'arguments') {
      try {
        const parsed: unknown = JSON.parse(value ?? '{}');
        if (isJsonObject(parsed)) this.setArguments(parsed);
      } catch {
        // The embed shows the syntax error when it is given the text itself: reload with it.
        this.reload();
      }
    } else if (name === 'height') this.applyHeight(null);
    else this.reload();
  }

  /** Replaces the embed's arguments (validated there, reported back by a `change` event). */
  setArguments(args: Record<string, unknown>): void {
    this.send({ source: EMBED_MESSAGE_SOURCE, type: 'set-arguments', arguments: args });
  }

  setTheme(theme: EmbedTheme): void {
    this.send({ source: EMBED_MESSAGE_SOURCE, type: 'set-theme', theme });
  }

  /** The embed's address, for the attributes as they are now. */
  get src(): string {
    const options = {
      tool: this.getAttribute('tool') ?? '',
      view: (this.getAttribute('view') ?? 'playground') as EmbedView,
      theme: (this.getAttribute('theme') ?? 'auto') as EmbedTheme,
      id: this.embedId,
      origin: window.location.origin,
    };
    const toolset = this.getAttribute('toolset');
    const args = this.getAttribute('arguments');
    return embedUrl(SITE_ROOT, {
      ...options,
      ...(toolset ? { toolset } : {}),
      ...(args !== null ? { arguments: args } : {}),
    });
  }

  private load(): void {
    this.observer?.disconnect();
    this.observer = null;
    if (this.frame) return;
    const frame = document.createElement('iframe');
    frame.title = `${this.getAttribute('tool') ?? 'Tool'} · Tool Schema Playground`;
    frame.setAttribute('allow', 'clipboard-write');
    frame.style.cssText = 'display:block;width:100%;border:0;color-scheme:normal';
    this.frame = frame;
    this.applyHeight(INITIAL_HEIGHT);
    frame.src = this.src;
    this.replaceChildren(frame);
  }

  private reload(): void {
    if (!this.frame) return;
    this.ready = false;
    this.embedId = newId();
    this.frame.src = this.src;
  }

  private applyHeight(contentHeight: number | null): void {
    if (!this.frame) return;
    const fixed = this.getAttribute('height');
    if (fixed) this.frame.style.height = /^\d+(\.\d+)?$/.test(fixed) ? `${fixed}px` : fixed;
    else if (contentHeight !== null) this.frame.style.height = `${Math.ceil(contentHeight)}px`;
    this.frame.setAttribute('scrolling', fixed ? 'auto' : 'no');
  }

  private send(message: HostMessage): void {
    if (!this.ready || !this.frame?.contentWindow) {
      this.queue.push(message);
      return;
    }
    this.frame.contentWindow.postMessage(message, SITE_ROOT.origin);
  }

  private receive(event: MessageEvent): void {
    // Only this element's frame, from the site that serves the embed, with this embed's id.
    if (!this.frame || event.source !== this.frame.contentWindow || event.origin !== SITE_ROOT.origin) return;
    const message: unknown = event.data;
    if (!isEmbedMessage(message) || message.id !== this.embedId) return;
    if (message.type === 'resize') {
      this.applyHeight(message.height);
      return;
    }
    if (message.type === 'ready') {
      this.ready = true;
      const queued = this.queue;
      this.queue = [];
      for (const item of queued) this.send(item);
    }
    this.dispatchEvent(new CustomEvent<EmbedMessage>(message.type, { detail: message, bubbles: true, composed: true }));
  }
}

if (!customElements.get('tool-playground')) customElements.define('tool-playground', ToolPlaygroundElement);
