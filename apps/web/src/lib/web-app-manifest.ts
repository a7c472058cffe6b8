import { useEffect } from "react";

export interface WebAppIdentity {
  /** The area's own manifest, e.g. /prep.webmanifest. */
  manifest: string;
  themeColor: string;
  /** Home-screen icon for Safari, which reads no manifest icons. */
  appleTouchIcon?: string;
}

/** Sets a <link> or <meta> in <head> and returns how to put back what was there. */
function setHeadTag(selector: string, create: () => HTMLElement, attribute: string, value: string): () => void {
  let element = document.head.querySelector<HTMLElement>(selector);
  const created = !element;
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  const previous = element.getAttribute(attribute);
  element.setAttribute(attribute, value);
  const target = element;
  return () => {
    if (created) target.remove();
    else if (previous !== null) target.setAttribute(attribute, previous);
  };
}

function tag(name: string, attributes: Record<string, string>): () => HTMLElement {
  return () => {
    const element = document.createElement(name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    return element;
  };
}

/**
 * Each staff area installs as its own web app (spec 2 §1): while the area is on screen its own
 * manifest, theme colour and icon are linked in <head>; leaving the area puts back the site's.
 */
export function useWebAppIdentity({ manifest, themeColor, appleTouchIcon }: WebAppIdentity): void {
  useEffect(() => {
    const restore = [
      setHeadTag('link[rel="manifest"]', tag("link", { rel: "manifest" }), "href", manifest),
      setHeadTag('meta[name="theme-color"]', tag("meta", { name: "theme-color" }), "content", themeColor),
      ...(appleTouchIcon
        ? [setHeadTag('link[rel="apple-touch-icon"]', tag("link", { rel: "apple-touch-icon" }), "href", appleTouchIcon)]
        : []),
      setHeadTag('meta[name="mobile-web-app-capable"]', tag("meta", { name: "mobile-web-app-capable" }), "content", "yes"),
    ];
    return () => {
      for (const undo of restore.reverse()) undo();
    };
  }, [manifest, themeColor, appleTouchIcon]);
}
