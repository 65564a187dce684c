import type { DnsRecord } from '@cairn/shared/schemas/servers';

/** DNS records as zone-file lines (name, TTL, class, type, content), for "Export DNS records". */
export function dnsRecordsText(records: readonly DnsRecord[]): string {
  return records.map((record) => `${record.name}. 3600 IN ${record.type} ${record.type === 'CNAME' ? `${record.content}.` : record.content}`).join('\n') + '\n';
}
