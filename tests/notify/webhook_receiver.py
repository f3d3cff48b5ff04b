"""A webhook's receiver for the notifications' tests: on 127.0.0.1:PORT it keeps each POST's
headers and body as a JSON file in DIR (written whole, then renamed, so that a reader never sees
half of one), answering 500 to the first FAIL requests and 200 to the rest."""
import json
import os
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

port, folder, fail = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
seen = 0


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        global seen
        seen += 1
        body = self.rfile.read(int(self.headers.get('Content-Length', 0)))
        record = {'path': self.path, 'headers': dict(self.headers.items()),
                  'body': body.decode('utf-8'), 'answered': 500 if seen <= fail else 200}
        tmp = os.path.join(folder, f'.{seen}.json')
        with open(tmp, 'w', encoding='utf-8') as out:
            json.dump(record, out)
        os.rename(tmp, os.path.join(folder, f'{seen:04d}.json'))
        self.send_response(record['answered'])
        self.send_header('Content-Length', '2')
        self.end_headers()
        self.wfile.write(b'ok')

    def log_message(self, *args):
        pass


HTTPServer(('127.0.0.1', port), Receiver).serve_forever()
