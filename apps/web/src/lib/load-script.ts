/** Adds a third-party script once; a failed load may be tried again later. */
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, pending);
  }
  return pending;
}
