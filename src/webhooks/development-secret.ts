/** The webhook secret used outside production when none is set: anyone can forge deliveries signed with it. */
export const DEVELOPMENT_SECRET = "development";
