import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ThemeProvider } from 'styled-components';
// Loaded with the page, before GlobalStyle's overrides, although the toast library itself comes with the first toast.
import 'react-toastify/dist/ReactToastify.css';
import { queryClient } from './api/query-client';
import type { AppRouter } from './router';
import { themes } from './styles/theme';
import { useThemeMode } from './styles/theme-mode';
import { GlobalStyle } from './styles/GlobalStyle';
import { ToastOutlet } from './components/toast';

export function App({ router }: { router: AppRouter }) {
  const { scheme } = useThemeMode();
  return (
    <ThemeProvider theme={themes[scheme]}>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <ToastOutlet />
    </ThemeProvider>
  );
}
