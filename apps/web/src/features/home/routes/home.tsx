import { useAuth } from '@/lib/auth';
import { LandingHero } from '../components/landing-hero';
import { WelcomeDashboard } from '../components/welcome-dashboard';

export function HomeRoute() {
  const { user } = useAuth();
  return user ? <WelcomeDashboard email={user.email} /> : <LandingHero />;
}
