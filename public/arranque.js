/* global document, location, window */
/*
 * Before the app's code runs, the page says 'Cargando Radica…' (index.html); if that code cannot
 * be fetched (the connection dropped mid-load before the app was on the device, or a new version
 * replaced the files this page names), the page says so and offers 'Reintentar' instead of
 * staying blank. A classic script on purpose: it runs even when the app's modules fail, and the
 * Content-Security-Policy allows no inline script.
 */
(function () {
  function fallar() {
    var caja = document.getElementById('arranque');
    if (!caja) return; // the app is running: its own screens report what fails later
    caja.setAttribute('role', 'alert');
    caja.textContent = '';
    var titulo = document.createElement('p');
    titulo.style.cssText = 'font-weight:700;font-size:1.125rem;margin:0 0 .5rem';
    titulo.textContent = 'No se pudo cargar Radica';
    var texto = document.createElement('p');
    texto.style.cssText = 'margin:0 0 1rem';
    texto.textContent = 'Revisa la conexión y vuelve a intentarlo. Los datos guardados en este dispositivo no se perdieron.';
    var boton = document.createElement('button');
    boton.type = 'button';
    boton.textContent = 'Reintentar';
    boton.style.cssText = 'min-height:44px;padding:0 1.25rem;border:0;border-radius:.375rem;background:#1e40af;color:#fff;font:inherit;font-weight:600;cursor:pointer';
    boton.addEventListener('click', function () {
      location.reload();
    });
    caja.appendChild(titulo);
    caja.appendChild(texto);
    caja.appendChild(boton);
  }
  // A script or stylesheet that fails to load fires 'error' on its element, seen here while capturing.
  window.addEventListener(
    'error',
    function (e) {
      var t = e.target;
      if (t && (t.tagName === 'SCRIPT' || (t.tagName === 'LINK' && t.rel === 'stylesheet'))) fallar();
    },
    true,
  );
})();
