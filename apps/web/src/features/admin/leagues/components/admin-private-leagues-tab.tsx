import { MESSAGES } from '@fantarift/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { privateLeagueErrorMessage } from '@/api/private-leagues';
import { ConfirmButton } from '@/components/confirm-button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api/client';

const key = (leagueId: string) => ['admin', 'private-leagues', leagueId] as const;

/** League admin page, "Leghe private" tab: every private league of the league, and deleting one (audited). */
export function AdminPrivateLeaguesTab({ leagueId }: { leagueId: string }) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: key(leagueId),
    queryFn: () =>
      api
        .get('/api/admin/leagues/{leagueId}/private-leagues', { params: { leagueId } })
        .then((r) => r.privateLeagues),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete('/api/admin/private-leagues/{id}', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(leagueId) }),
  });

  if (list.isPending) return <p className="text-muted-foreground text-sm">{MESSAGES.common.loading}</p>;
  if (list.isError) return <p className="text-destructive text-sm">{MESSAGES.common.loadError}</p>;
  if (list.data.length === 0) {
    return <p className="text-muted-foreground text-sm">Nessuna lega privata in questa lega.</p>;
  }
  return (
    <div className="rounded-lg border bg-card">
      <Table aria-label="Leghe private">
        <TableHeader>
          <TableRow>
            <TableHead>Nome</TableHead>
            <TableHead>Proprietario</TableHead>
            <TableHead className="text-right">Membri</TableHead>
            <TableHead className="w-12 text-right">
              <span className="sr-only">Azioni</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.data.map((pl) => (
            <TableRow key={pl.id}>
              <TableCell className="max-w-0 truncate md:max-w-none">{pl.name}</TableCell>
              <TableCell>{pl.ownerUsername}</TableCell>
              <TableCell className="text-right tabular-nums">{pl.memberCount}</TableCell>
              <TableCell className="text-right">
                <ConfirmButton
                  size="icon"
                  variant="ghost"
                  destructive
                  label={<Trash2 aria-hidden="true" />}
                  ariaLabel={`Elimina lega privata: ${pl.name}`}
                  title={`Eliminare "${pl.name}"?`}
                  description="La lega privata sparisce per tutti i suoi membri; l'operazione viene registrata nel log di audit."
                  confirmLabel="Elimina"
                  onConfirm={() =>
                    remove.mutateAsync(pl.id).then(
                      () => toast.success(MESSAGES.privateLeagues.deleted),
                      (err: unknown) => {
                        toast.error(privateLeagueErrorMessage(err));
                        throw err;
                      },
                    )
                  }
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
