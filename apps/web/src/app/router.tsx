import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** Built when the app starts rendering: matching the route table is tens of milliseconds on a slow phone. */
export const createAppRouter = () => createBrowserRouter(routes);
