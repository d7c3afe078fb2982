// The frame that holds an MCP App: the MCP Apps sandbox proxy. The page above frames it sandboxed to an opaque
// origin, and its policy (the site's ceiling for apps, in its header and in its own HTML) forbids what no app may
// do. Once the page sends the app's document (its own policy written first in it), the app runs in a frame inside
// this one, which inherits the ceiling, sandboxed again, and every message is passed between the app and the page
// above, in both directions, untouched.
(() => {
  const PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
  const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
  let inner = null;
  addEventListener('message', (event) => {
    const data = event.data;
    if (event.source === parent) {
      if (data && data.method === RESOURCE_READY) {
        // One app a frame: a second document would be a second app speaking over the first one's channel.
        if (inner || !data.params || typeof data.params.html !== 'string') return;
        inner = document.createElement('iframe');
        inner.setAttribute('sandbox', 'allow-scripts');
        inner.setAttribute('title', typeof data.params.title === 'string' ? data.params.title : 'MCP App');
        inner.srcdoc = data.params.html;
        document.body.appendChild(inner);
        return;
      }
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(data, '*');
    } else if (inner && event.source === inner.contentWindow) {
      parent.postMessage(data, '*');
    }
  });
  parent.postMessage({ jsonrpc: '2.0', method: PROXY_READY, params: {} }, '*');
})();
