import Bowser from 'bowser';

function named(name: string | undefined, version?: string): string | undefined {
  if (!name) return undefined;
  const major = version?.split('.')[0];
  return major ? `${name} ${major}` : name;
}

/** "Chrome 120 on macOS" from a user agent, as a login list shows a device. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os, platform } = Bowser.parse(userAgent);
  const app = named(browser.name, browser.version);
  const system = named(os.name, os.name === 'Windows' ? os.versionName : undefined) ?? (platform.type ? platform.type : undefined);
  if (app && system) return `${app} on ${system}`;
  return app ?? system ?? userAgent.slice(0, 60);
}
