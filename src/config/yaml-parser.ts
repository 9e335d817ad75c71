// The parts of the YAML parser that parseConfig uses, loaded with `import()`: a bundler keeps
// only what these two need (the rest of the package's exports stay out of a Worker's bundle).
export { LineCounter, parseDocument } from "yaml";
