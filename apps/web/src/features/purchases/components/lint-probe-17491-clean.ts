import { formatCredits } from '@app/domain';
import { Button } from '@/components/ui/index.ts';
import { TierCard } from './tier-card.tsx';
export const load = () => import('@app/stripe-emulator/browser');
export const probe = [formatCredits, Button, TierCard];
