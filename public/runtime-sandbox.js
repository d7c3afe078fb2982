// The frame that holds the tool runtime. It is sandboxed to an opaque origin and its policy forbids every
// connection, so the worker it starts (which inherits both) owns none of the site's storage and reaches no
// network. It starts one worker, which imports the site's own runtime module and is handed the page's port.
(() => {
  let started = false;
  const report = (message) => parent.postMessage({ type: 'runtime-error', message }, '*');
  // Chromium starts no module worker from an opaque origin's blob, but a classic one may import a module. Once
  // it has loaded, the port is handed to it as the message event it listens for: nothing of it is global.
  const loader = (moduleUrl) => `(() => {
  let connect = null;
  self.onmessage = (event) => {
    if (connect || !event.data || event.data.type !== 'connect-runtime' || !event.ports[0]) return;
    self.onmessage = null;
    connect = new MessageEvent('message', { data: { type: 'connect-runtime' }, ports: [event.ports[0]] });
  };
  import(${JSON.stringify(moduleUrl)}).then(
    () => {
      const handOver = () => (connect ? self.dispatchEvent(connect) : setTimeout(handOver, 10));
      handOver();
    },
    (error) => postMessage({ type: 'runtime-error', message: 'The runtime could not be loaded: ' + ((error && error.message) || error) }),
  );
})();`;
  addEventListener('message', (event) => {
    if (started || event.source !== parent) return;
    const data = event.data;
    if (!data || data.type !== 'start-runtime' || typeof data.workerUrl !== 'string' || !event.ports[0]) return;
    let url;
    try {
      url = new URL(data.workerUrl);
    } catch {
      report('The runtime worker’s address is not a URL');
      return;
    }
    if (url.origin !== location.origin) {
      report('The runtime worker must come from this site');
      return;
    }
    started = true;
    const blobUrl = URL.createObjectURL(new Blob([loader(url.href)], { type: 'text/javascript' }));
    const worker = new Worker(blobUrl, { name: typeof data.name === 'string' ? data.name : 'tool-runtime' });
    worker.onmessage = (message) => {
      if (message.data && message.data.type === 'runtime-error') report(String(message.data.message));
    };
    worker.onerror = (error) => {
      error.preventDefault();
      report(error.message || 'The runtime worker failed');
    };
    worker.postMessage({ type: 'connect-runtime' }, [event.ports[0]]);
  });
})();
