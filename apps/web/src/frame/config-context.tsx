import { createContext, useContext, type ReactNode } from 'react';
import type { WebConfig } from '../config';

const ConfigContext = createContext<WebConfig | null>(null);

export function ConfigProvider({ config, children }: { config: WebConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** The runtime configuration the frame was started with (support e-mail, app links, ids). */
export function useWebConfig(): WebConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useWebConfig needs a ConfigProvider (the frame gives one)');
  return config;
}
