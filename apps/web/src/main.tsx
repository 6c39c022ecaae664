import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { webConfig } from './env';
import { createWebClient } from './stores/client';
import { createHealthStore } from './stores/health';
import { createUserInfoStore } from './stores/user-info';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const client = createWebClient(webConfig);

createRoot(root).render(
  <StrictMode>
    <App
      healthStore={createHealthStore(client.system, webConfig.apiServer)}
      services={{ client, userInfo: createUserInfoStore(client) }}
    />
  </StrictMode>,
);
