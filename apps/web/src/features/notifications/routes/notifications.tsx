import {
  MESSAGES,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationPreference,
} from '@fantarift/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, LoaderCircle, Send } from 'lucide-react';
import { useId, useState } from 'react';
import {
  useNotificationPreferences,
  useSaveNotificationPreference,
  useSendTestPush,
} from '@/api/notifications';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import {
  currentPushSubscription,
  pushSupported,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '@/lib/push';

const M = MESSAGES.notifications;
/** The switch's visible label, and the channel's name in its accessible name ("Premio…: e-mail"). */
const CHANNEL_LABEL: Record<NotificationChannel, string> = { email: 'E-mail', push: 'Push' };
const CHANNEL_NAME: Record<NotificationChannel, string> = { email: 'e-mail', push: 'push' };

const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.isClientError && error.message
    ? error.message
    : error instanceof Error && error.message
      ? error.message
      : fallback;

/** "Notifiche" (account menu, issue 33): per kind, e-mail and push; and this device's push. */
export function NotificationsRoute() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreference();
  const device = useThisDevice();

  const toggle = async (preference: NotificationPreference, channel: NotificationChannel, on: boolean) => {
    // turning a push on asks this device too, while the tap still counts as the player's gesture
    if (channel === 'push' && on && device.supported && !device.subscribed) {
      await device.subscribe().catch(() => undefined);
    }
    save.mutate(
      { ...preference, [channel]: on },
      {
        onSuccess: () => notify.success(M.saved),
        onError: (error) => notify.error(errorMessage(error, M.saveError)),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Notifiche"
        description="Scegli cosa ricevere e dove: tutto è spento finché non lo accendi."
      />
      <div className="space-y-6">
        <DeviceCard device={device} />
        <Card>
          <CardHeader>
            <CardTitle>Promemoria e avvisi</CardTitle>
            <CardDescription>
              Per ogni avviso: e-mail all’indirizzo del tuo account, push sui tuoi dispositivi.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {preferences.isError ? (
              <LoadErrorAlert
                title="Impossibile caricare le preferenze"
                onRetry={() => preferences.refetch()}
              />
            ) : preferences.isPending ? (
              <div className="space-y-3" data-testid="notifications-loading">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : (
              <ul className="divide-y">
                {preferences.data.map((p) => (
                  <PreferenceRow key={p.kind} preference={p} onToggle={toggle} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function PreferenceRow({
  preference,
  onToggle,
}: {
  preference: NotificationPreference;
  onToggle: (p: NotificationPreference, channel: NotificationChannel, on: boolean) => void;
}) {
  const info = NOTIFICATION_KINDS[preference.kind];
  const id = useId();
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium">{info.label}</p>
        <p className="text-muted-foreground text-sm">{info.description}</p>
      </div>
      <div className="flex shrink-0 gap-6">
        {(['email', 'push'] as const).map((channel) => (
          <div key={channel} className="flex items-center gap-2 text-sm">
            <Switch
              id={`${id}-${channel}`}
              checked={preference[channel]}
              onCheckedChange={(on) => onToggle(preference, channel, on)}
              aria-label={`${info.label}: ${CHANNEL_NAME[channel]}`}
            />
            <Label htmlFor={`${id}-${channel}`} className="font-normal">
              {CHANNEL_LABEL[channel]}
            </Label>
          </div>
        ))}
      </div>
    </li>
  );
}

interface ThisDevice {
  supported: boolean;
  subscribed: boolean;
  pending: boolean;
  subscribe: () => Promise<void>;
  unsubscribe: () => Promise<void>;
}

function useThisDevice(): ThisDevice {
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const [pending, setPending] = useState(false);
  const key = ['push-subscription'];
  const subscription = useQuery({
    queryKey: key,
    queryFn: async () => (await currentPushSubscription()) !== null,
    enabled: supported,
  });
  const run = (work: () => Promise<void>) => async () => {
    setPending(true);
    try {
      await work();
    } catch (error) {
      notify.error(errorMessage(error, M.pushUnsupported));
      throw error;
    } finally {
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: key });
    }
  };
  return {
    supported,
    subscribed: subscription.data === true,
    pending,
    subscribe: run(subscribeThisDevice),
    unsubscribe: run(unsubscribeThisDevice),
  };
}

function DeviceCard({ device }: { device: ThisDevice }) {
  const test = useSendTestPush();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="size-5" />
          Push su questo dispositivo
        </CardTitle>
        <CardDescription>
          {!device.supported
            ? M.pushUnsupported
            : device.subscribed
              ? 'Questo dispositivo riceve le notifiche push che hai acceso.'
              : 'Attiva le notifiche push per riceverle su questo dispositivo, anche ad app chiusa.'}
        </CardDescription>
      </CardHeader>
      {device.supported && (
        <CardContent className="flex flex-wrap gap-2">
          {device.subscribed ? (
            <Button
              variant="outline"
              disabled={device.pending}
              onClick={() => void device.unsubscribe().catch(() => undefined)}
            >
              Disattiva su questo dispositivo
            </Button>
          ) : (
            <Button disabled={device.pending} onClick={() => void device.subscribe().catch(() => undefined)}>
              {device.pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              Attiva su questo dispositivo
            </Button>
          )}
          <Button
            variant="secondary"
            disabled={!device.subscribed || test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: () => notify.success(M.testSent),
                onError: (error) => notify.error(errorMessage(error, M.saveError)),
              })
            }
          >
            <Send aria-hidden="true" />
            {M.testTitle}
          </Button>
        </CardContent>
      )}
    </Card>
  );
}
