/** A path on this site ("/x"), never another origin ("//host", "/\host") or a full URL. */
export function isOwnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}
