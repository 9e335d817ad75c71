export function defineLazyProperty<T extends object, K extends keyof T>(target: T, key: K, make: () => T[K]): void {
  const settle = (value: T[K]): T[K] => {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
    return value;
  };
  Object.defineProperty(target, key, {
    get: () => settle(make()),
    set: settle,
    enumerable: true,
    configurable: true,
  });
}
