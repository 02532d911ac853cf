import { createRoot } from 'react-dom/client';

// The least a React 19 page loads: ReactDOM's client and React, built by the site's own bundler.
createRoot(document.getElementById('racine')!).render(<p>Bonjour</p>);
