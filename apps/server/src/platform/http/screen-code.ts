import fs from 'node:fs';
import path from 'node:path';
import { firstScreens } from '@candor/shared';

/** A chunk of apps/web's build as its manifest (`dist/.vite/manifest.json`) describes it. */
interface ManifestChunk {
  file: string;
  /** Chunks it imports statically (manifest keys), loaded with it. */
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The built page (index.html) with the code of the screen a URL shows listed in it, so a phone
 * downloads that screen's chunks beside the main script rather than after the main script has
 * run and matched the route (a round trip, then a queue of small requests six at a time over
 * HTTP/1.1). The screens are @candor/shared's firstScreens; their chunks and everything those
 * import come from the build's manifest, less what the page loads already. Without a manifest
 * (a build that wrote none) the page is sent as it is.
 */
export function screenPages(dist: string): (url: string) => string {
  const page = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const manifest: Manifest = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest)
    : {};
  const withImports = (keys: string[]): string[] => {
    const seen: string[] = [];
    const queue = [...keys];
    while (queue.length > 0) {
      const key = queue.shift()!;
      if (seen.includes(key) || !manifest[key]) continue;
      seen.push(key);
      queue.push(...(manifest[key].imports ?? []));
    }
    return seen;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const inPage = new Set(withImports(entries));
  // A handful of screens: each page is made once.
  const made = new Map<string, string>();
  return (url) => {
    const screens = firstScreens(url);
    const key = screens.join(' ');
    let html = made.get(key);
    if (html === undefined) {
      const links = withImports(screens)
        .filter((chunk) => !inPage.has(chunk))
        .map((chunk) => `<link rel="modulepreload" crossorigin href="/${manifest[chunk]!.file}">`);
      html = links.length > 0 ? page.replace('</head>', `  ${links.join('')}\n  </head>`) : page;
      made.set(key, html);
    }
    return html;
  };
}
