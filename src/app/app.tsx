import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { SessionBootstrap } from './session-bootstrap';
import { AppRoutes } from './routes';
import { PwaUpdate } from './pwa-update';

export function App() {
  return (
    <JotaiProvider>
      <BrowserRouter>
        <SessionBootstrap>
          <AppRoutes />
        </SessionBootstrap>
        <PwaUpdate />
        <Toaster position="top-right" duration={3000} richColors closeButton containerAriaLabel="Avisos" toastOptions={{ closeButtonAriaLabel: 'Cerrar aviso' }} />
      </BrowserRouter>
    </JotaiProvider>
  );
}
