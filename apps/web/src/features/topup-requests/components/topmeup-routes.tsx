import { useParams } from 'wouter';
import RequestLinkPage from './request-link-page.tsx';
import TopMeUpPage from './topmeup-page.tsx';

/**
 * Both "top me up" pages in one chunk (issue 31): /topmeup, the maker's, and /topmeup/<token>, the
 * link's. One lazy entry in the app's routes rather than two keeps the start chunk smaller.
 */
export default function TopMeUpRoutes() {
  const params = useParams<{ token?: string }>();
  return params.token ? <RequestLinkPage /> : <TopMeUpPage />;
}
