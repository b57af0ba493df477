import { Route, Switch } from 'wouter';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { HomePage } from './routes/home-page.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';

/** Route table. Route files only compose features (DESIGN §2). */
export function AppRoutes() {
  return (
    <AppLayout>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </AppLayout>
  );
}
