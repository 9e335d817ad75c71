import nock from "nock";

/**
 * Hooks for a describe block whose cases mock the API with nock: nock is active only while they
 * run (loading it activates it), no request leaves the machine, and each case starts with no
 * interceptors left by the one before.
 */
export function nockWhileRunning(): void {
  before(() => {
    if (!nock.isActive()) nock.activate();
  });
  after(() => {
    nock.cleanAll();
    nock.enableNetConnect();
    nock.restore();
  });
  beforeEach(() => nock.disableNetConnect());
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });
}
