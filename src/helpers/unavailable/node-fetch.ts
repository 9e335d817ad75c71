// "#node-fetch" in a Workers bundle: node-fetch only serves nock 13, which intercepts Node's own
// http module, and never runs inside workerd; the platform's fetch does instead.
const fetchOfPlatform: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init);
export default fetchOfPlatform;
