// The part of the YAML parser that parseConfig uses, loaded with `import()`: a bundler keeps
// only what `loadAll` needs (the dumper and the other exports stay out of a Worker's bundle).
export { loadAll } from "js-yaml";
