// The parts of pino that gh-app-kit's declarations name (the logger of `app.log` and
// `context.log`), for TypeScript before 5.0, which cannot read pino's own declarations. Used only
// by dist/ts4 (see hono.d.ts).

declare namespace pino {
  type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
  type LevelWithSilent = Level | "silent";
  type Bindings = Record<string, any>;

  interface LogFn {
    <T extends object>(object: T, message?: string, ...args: any[]): void;
    (object: unknown, message?: string, ...args: any[]): void;
    (message: string, ...args: any[]): void;
  }

  interface ChildLoggerOptions<CustomLevels extends string = never> {
    level?: LevelWithSilent | CustomLevels | (string & {});
    msgPrefix?: string;
    redact?: string[] | { paths: string[]; censor?: unknown; remove?: boolean };
    serializers?: Record<string, (value: any) => any>;
  }

  interface LoggerOptions extends ChildLoggerOptions {
    name?: string;
    enabled?: boolean;
    base?: Record<string, any> | null;
    [key: string]: unknown;
  }

  interface DestinationStream {
    write(line: string): void;
  }

  interface Logger {
    level: LevelWithSilent | (string & {});
    readonly levelVal: number;
    readonly version: string;
    readonly levels: { values: Record<string, number>; labels: Record<number, string> };
    msgPrefix: string;
    fatal: LogFn;
    error: LogFn;
    warn: LogFn;
    info: LogFn;
    debug: LogFn;
    trace: LogFn;
    silent: LogFn;
    child(bindings: Bindings, options?: ChildLoggerOptions): Logger;
    bindings(): Bindings;
    setBindings(bindings: Bindings): void;
    isLevelEnabled(level: string): boolean;
    flush(callback?: (error?: Error) => void): void;
    on(event: "level-change", listener: (...args: any[]) => void): Logger;
  }
}

declare function pino(options?: pino.LoggerOptions, stream?: pino.DestinationStream): pino.Logger;
declare function pino(stream?: pino.DestinationStream): pino.Logger;

export default pino;
export type Level = pino.Level;
export type LevelWithSilent = pino.LevelWithSilent;
export type Bindings = pino.Bindings;
export type LogFn = pino.LogFn;
export type ChildLoggerOptions<CustomLevels extends string = never> = pino.ChildLoggerOptions<CustomLevels>;
export type LoggerOptions = pino.LoggerOptions;
export type DestinationStream = pino.DestinationStream;
export type Logger = pino.Logger;
