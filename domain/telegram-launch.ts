/**
 * The page's first script, inline in index.html's head (the web build puts it there), run before
 * anything is painted: a Telegram launch marks <html data-launch="telegram">, and the stylesheet
 * then hides the website the server rendered, so inside Telegram the mini app's shell is the first
 * thing drawn (docs/decisions/021-server-rendered-public-pages.md). It looks where the SDK finds
 * launch parameters (web/src/host/boot.ts): the URL, the navigation entry, and sessionStorage from
 * an earlier load of this tab. The server allows exactly this text in its Content-Security-Policy
 * by its hash, so nothing else inline may run.
 */
export const TELEGRAM_LAUNCH_SCRIPT =
  "(function(){try{var m=/tgWebApp(Data|Platform|Version)=/,n=performance.getEntriesByType&&performance.getEntriesByType('navigation')[0];" +
  "if(m.test(location.href)||(n&&m.test(n.name))||sessionStorage.getItem('tapps/launchParams'))document.documentElement.setAttribute('data-launch','telegram')}catch(e){}})()";
