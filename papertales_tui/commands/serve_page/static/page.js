/* textual-serve 1.1.3's page script (templates/app_index.html, MIT License, Copyright (c) 2024
   Textualize), in a file of their own: the page's Content-Security-Policy allows no inline script
   (nor onclick attributes: the Start and Restart buttons get their handler here). */
function getStartUrl() {
  const url = new URL(window.location.href);
  const params = new URLSearchParams(url.search);
  params.delete("delay");
  return url.pathname + "?" + params.toString();
}
async function refresh() {
  const ping_url = document.body.dataset.pingurl;
  if (ping_url) {
    await fetch(ping_url, {
      method: "GET",
      mode: "no-cors",
    });
  }
  window.location.href = getStartUrl();
}
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("button.restart")) {
    button.addEventListener("click", refresh);
  }
});
