// Starts the app on a page the server rendered (apps/server platform/server-render.ts; ADR 0027),
// once that page has been painted: the app's script and chunks are not needed to read the page,
// so they are fetched after its first paint instead of competing with it on a slow connection.
// data-entry: the app's entry module; data-preload: the chunks it and this page's route will need.
(function () {
  var loader = document.currentScript;
  var entry = loader.getAttribute('data-entry');
  var preload = (loader.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the first paint (paint timing), or at the load event where there is none (a page opened
  // in the background is not painted; older browsers do not report paints).
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (paints && paints.indexOf('paint') >= 0) {
    new PerformanceObserver(function (_list, observer) {
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  }
  window.addEventListener('load', start);
})();
