/** The webhook secret used outside production when none is set: anyone can forge deliveries signed with it. */
export const DEVELOPMENT_SECRET = "development";

/** Options whose maker (`createApp`, from its own `env`) already decided the secret: `new App` leaves it as given. */
export const secretDecided = new WeakSet<object>();
