/**
 * A page name from the last segment of a path, for the pages that only say a feature is coming:
 * "/earn/simple-earn" gives "Simple Earn", "/pages/morePages/CampaignCenter" "Campaign Center"; empty for a path without one.
 */
export function titleFromPath(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean).pop() ?? '';
  const words = segment
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter(Boolean);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
