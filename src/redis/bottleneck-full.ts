// The Redis-capable build of Bottleneck, as "#bottleneck" resolves on Node (a module of ours,
// because its types declare an ambient module that an `imports` entry cannot name).
import Bottleneck from "bottleneck";

export default Bottleneck;
