// pino-pretty's options as gh-app-kit's declarations name them, for TypeScript before 5.0 (see
// pino.d.ts).

export interface PrettyOptions {
  colorize?: boolean;
  translateTime?: boolean | string;
  ignore?: string;
  singleLine?: boolean;
  levelFirst?: boolean;
  messageFormat?: string | false;
  [key: string]: unknown;
}
