/** Routes that take only the app's JWT. https://docs.github.com/en/rest/apps/apps */
const APP_ROUTES = [
  "/app",
  "/app/hook/config",
  "/app/hook/deliveries",
  "/app/hook/deliveries/{id}",
  "/app/hook/deliveries/{id}/attempts",
  "/app/installations",
  "/app/installations/{id}",
  "/app/installations/{id}/access_tokens",
  "/app/installations/{id}/suspended",
  "/app/installation-requests",
  "/marketplace_listing/accounts/{id}",
  "/marketplace_listing/plan",
  "/marketplace_listing/plans",
  "/marketplace_listing/plans/{id}/accounts",
  "/marketplace_listing/stubbed/accounts/{id}",
  "/marketplace_listing/stubbed/plan",
  "/marketplace_listing/stubbed/plans",
  "/marketplace_listing/stubbed/plans/{id}/accounts",
  "/orgs/{org}/installation",
  "/repos/{owner}/{repo}/installation",
  "/users/{username}/installation",
  "/enterprises/{enterprise}/installation",
];

const APP_ROUTE_REGEX = new RegExp(
  `^(?:${APP_ROUTES.map((route) => route.replace(/\{[^}]+\}/g, "[^/]+")).join("|")})$`,
  "i",
);

/** True when `path` (relative to the API base, query allowed) needs the app's JWT. */
export function requiresAppAuth(path: string): boolean {
  const query = path.indexOf("?");
  return APP_ROUTE_REGEX.test(query === -1 ? path : path.slice(0, query));
}
