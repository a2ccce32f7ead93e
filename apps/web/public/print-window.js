// The badge print window (/Badge/print/{id}, apps/server/src/integrations/printing/print-window.ts):
// frames the badge PDF and opens the browser's print dialog once the PDF has loaded (issue 10 §8).
// The frame is made here, after the load listener is in place, so a fast PDF cannot load unseen.
(() => {
  const host = document.getElementById('print-window');
  if (!host) return;
  const frame = document.createElement('iframe');
  frame.id = 'badge';
  frame.title = host.dataset.title || 'Badge';
  frame.addEventListener(
    'load',
    () => {
      try {
        frame.contentWindow.focus();
        frame.contentWindow.print();
      } catch {
        window.print();
      }
    },
    { once: true },
  );
  frame.src = host.dataset.pdf;
  host.appendChild(frame);
})();
