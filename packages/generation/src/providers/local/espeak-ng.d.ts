declare module 'espeak-ng' {
  /** The compiled WebAssembly module and its instance; opaque here, handed back to the runtime. */
  type WasmModule = object;
  type WasmInstance = object;

  interface ESpeakModule {
    FS: {
      readFile(path: string): Uint8Array;
      writeFile(path: string, data: string | Uint8Array): void;
    };
  }
  interface ESpeakOptions {
    arguments: string[];
    print?: (text: string) => void;
    printErr?: (text: string) => void;
    preRun?: ((module: ESpeakModule) => void)[];
    instantiateWasm?: (imports: object, done: (instance: WasmInstance, module: WasmModule) => void) => object;
  }
  const ESpeakNg: (options: ESpeakOptions) => Promise<ESpeakModule>;
  export default ESpeakNg;
}
