import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ThemeProvider } from 'styled-components';
import { ToastContainer, Slide } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { queryClient } from './api/query-client';
import { router } from './router';
import { theme } from './styles/theme';
import { GlobalStyle } from './styles/GlobalStyle';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../common/constants';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <ToastContainer position="bottom-right" limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} transition={Slide} newestOnTop closeOnClick={false} draggable draggableDirection="x" draggablePercent={20} />
    </ThemeProvider>
  );
}
