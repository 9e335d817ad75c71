/** Shown when no private key is found: the sources, in the order they are tried. */
export const PRIVATE_KEY_HINT =
  "Pass --private-key=<path> with the path to the app's .pem file, " +
  "set PRIVATE_KEY to the key's contents, " +
  "or set PRIVATE_KEY_PATH to the path of the .pem file. " +
  "A single .pem file in the working folder is used too.";
