// Bottleneck's light build (no Redis clustering) ships without its own types;
// its API is the full build's.
declare module "bottleneck/light.js" {
  import Bottleneck from "bottleneck";
  export default Bottleneck;
}
