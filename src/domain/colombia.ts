/**
 * Colombian places and the company list defaults (spec 02 §5, §7, §9): 22 departments with 10
 * municipalities each, feeding the departamento and ciudad selects of the forms.
 * Bogotá is listed under Cundinamarca, as Colombian forms usually do: it is the department's capital
 * although administratively a Distrito Capital of its own.
 */
import { fold } from './text';

// One line per department reads as a table; prettier would spread it over 250 lines.
// prettier-ignore
export const DEPARTAMENTOS: Readonly<Record<string, readonly string[]>> = {
  Antioquia: ['Medellín', 'Bello', 'Itagüí', 'Envigado', 'Apartadó', 'Rionegro', 'Turbo', 'Caucasia', 'Sabaneta', 'La Estrella'],
  Atlántico: ['Barranquilla', 'Soledad', 'Malambo', 'Sabanalarga', 'Puerto Colombia', 'Galapa', 'Baranoa', 'Palmar de Varela', 'Santo Tomás', 'Sabanagrande'],
  Bolívar: ['Cartagena', 'Magangué', 'Turbaco', 'El Carmen de Bolívar', 'Arjona', 'María La Baja', 'Mompós', 'San Juan Nepomuceno', 'Santa Rosa del Sur', 'Simití'],
  Boyacá: ['Tunja', 'Duitama', 'Sogamoso', 'Chiquinquirá', 'Paipa', 'Puerto Boyacá', 'Villa de Leyva', 'Moniquirá', 'Garagoa', 'Samacá'],
  Caldas: ['Manizales', 'La Dorada', 'Chinchiná', 'Villamaría', 'Riosucio', 'Anserma', 'Supía', 'Aguadas', 'Neira', 'Salamina'],
  Casanare: ['Yopal', 'Aguazul', 'Villanueva', 'Tauramena', 'Monterrey', 'Paz de Ariporo', 'Trinidad', 'Orocué', 'Maní', 'Pore'],
  Cauca: ['Popayán', 'Santander de Quilichao', 'Puerto Tejada', 'Patía', 'Piendamó', 'Miranda', 'Guapí', 'Corinto', 'Timbío', 'El Tambo'],
  Cesar: ['Valledupar', 'Aguachica', 'Agustín Codazzi', 'Bosconia', 'Curumaní', 'El Copey', 'La Jagua de Ibirico', 'Chimichagua', 'Pailitas', 'San Alberto'],
  Córdoba: ['Montería', 'Cereté', 'Lorica', 'Sahagún', 'Montelíbano', 'Planeta Rica', 'Tierralta', 'Ciénaga de Oro', 'Ayapel', 'Chinú'],
  Cundinamarca: ['Bogotá', 'Soacha', 'Fusagasugá', 'Facatativá', 'Zipaquirá', 'Chía', 'Mosquera', 'Madrid', 'Girardot', 'Funza'],
  Huila: ['Neiva', 'Pitalito', 'Garzón', 'La Plata', 'Campoalegre', 'San Agustín', 'Aipe', 'Gigante', 'Palermo', 'Rivera'],
  'La Guajira': ['Riohacha', 'Maicao', 'Uribia', 'Manaure', 'San Juan del Cesar', 'Fonseca', 'Villanueva', 'Dibulla', 'Albania', 'Barrancas'],
  Magdalena: ['Santa Marta', 'Ciénaga', 'Fundación', 'El Banco', 'Aracataca', 'Plato', 'Zona Bananera', 'Pivijay', 'Sitionuevo', 'El Retén'],
  Meta: ['Villavicencio', 'Acacías', 'Granada', 'Puerto López', 'San Martín', 'Puerto Gaitán', 'Cumaral', 'Restrepo', 'Guamal', 'Puerto Lleras'],
  Nariño: ['Pasto', 'Tumaco', 'Ipiales', 'Túquerres', 'La Unión', 'Samaniego', 'Barbacoas', 'Sandoná', 'La Cruz', 'El Charco'],
  'Norte de Santander': ['Cúcuta', 'Ocaña', 'Villa del Rosario', 'Los Patios', 'Pamplona', 'Tibú', 'El Zulia', 'Ábrego', 'Sardinata', 'Chinácota'],
  Quindío: ['Armenia', 'Calarcá', 'Montenegro', 'La Tebaida', 'Quimbaya', 'Circasia', 'Filandia', 'Salento', 'Génova', 'Pijao'],
  Risaralda: ['Pereira', 'Dosquebradas', 'Santa Rosa de Cabal', 'La Virginia', 'Belén de Umbría', 'Quinchía', 'Marsella', 'Apía', 'Santuario', 'Mistrató'],
  Santander: ['Bucaramanga', 'Floridablanca', 'Girón', 'Piedecuesta', 'Barrancabermeja', 'San Gil', 'Socorro', 'Barbosa', 'Málaga', 'Vélez'],
  Sucre: ['Sincelejo', 'Corozal', 'Sampués', 'San Marcos', 'Tolú', 'San Onofre', 'Coveñas', 'Majagual', 'Sincé', 'Ovejas'],
  Tolima: ['Ibagué', 'Espinal', 'Melgar', 'Honda', 'Chaparral', 'Líbano', 'Mariquita', 'Fresno', 'Lérida', 'Guamo'],
  'Valle del Cauca': ['Cali', 'Buenaventura', 'Palmira', 'Tuluá', 'Buga', 'Cartago', 'Jamundí', 'Yumbo', 'Candelaria', 'Florida'],
};

/** Department names in display order (alphabetical), for the departamento selects. */
export const NOMBRES_DEPARTAMENTOS: readonly string[] = Object.keys(DEPARTAMENTOS);

const BY_FOLDED = new Map(NOMBRES_DEPARTAMENTOS.map((d) => [fold(d), d]));

/** The canonical spelling of a department typed in any case or without accents, or null. */
export function findDepartamento(name: string | null | undefined): string | null {
  if (!name) return null;
  return BY_FOLDED.get(fold(name)) ?? null;
}

/** Cities of a department ('atlantico', 'ATLÁNTICO' and 'Atlántico' alike); [] when unknown. */
export function citiesOf(departamento: string | null | undefined): readonly string[] {
  const d = findDepartamento(departamento);
  return d ? DEPARTAMENTOS[d] : [];
}

/** Company lists used when GET /configuraciones/ciudades or /bancos fails or is empty. */
export const DEFAULT_CIUDADES: readonly string[] = ['Bogotá', 'Medellín', 'Cali', 'Barranquilla'];
export const DEFAULT_BANCOS: readonly string[] = [
  'Bancolombia',
  'Banco de Bogotá',
  'BBVA',
  'Lulo bank',
  'Nu Bank',
];
