/** A browser and its platform as read from a User-Agent header; undefined parts are unknown. */
type UserAgentSummary = { browser?: string; os?: string };

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", and iOS
// browsers other than Safari name themselves (CriOS, FxiOS, EdgiOS).
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:Edg|EdgA|EdgiOS)\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/, 'Chrome'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\bVersion\/(\d+)(?:[.\d]*)?(?: Mobile\/\S+)? Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * The browser (with its major version) and the platform of a User-Agent, for the sessions
 * list: enough for an admin to tell "my laptop" from a session they do not recognise. The
 * whole header stays available (the cell's title); this is only its reading.
 */
export function summariseUserAgent(userAgent: string): UserAgentSummary {
  const summary: UserAgentSummary = {};
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      summary.browser = `${name} ${match[1]}`;
      break;
    }
  }
  for (const [pattern, name] of SYSTEMS) {
    if (pattern.test(userAgent)) {
      summary.os = name;
      break;
    }
  }
  return summary;
}
